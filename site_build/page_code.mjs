// An outline of the page code, read by a real JavaScript parser (acorn): for every module
// under a folder, its functions (name and lines), its exports and the names it imports
// from which module. tests/test_page_code.py holds the code to the issue-31 limits with it.
//
// Usage: node page_code.mjs DIR [DIR...]  → JSON on stdout:
//   {"<path>": {"functions": [{"name", "start", "end"}], "exports": [...],
//               "imports": [{"from": "<resolved path>", "names": [...] | "*"}]}}
// Paths are as given on the command line joined with the file's path inside DIR.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import * as acorn from "acorn";

/** @param {string} dir @returns {string[]} every .js/.mjs file under dir */
function modulesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return modulesUnder(path);
    return /\.m?js$/.test(name) ? [path] : [];
  });
}

/** Calls visit(node, parent) on every node of the tree under node. */
function eachNode(node, parent, visit) {
  visit(node, parent);
  for (const [key, value] of Object.entries(node)) {
    if (key === "loc") continue;
    for (const child of Array.isArray(value) ? value : [value]) {
      if (child && typeof child.type === "string") eachNode(child, node, visit);
    }
  }
}

/** The name a reader would call a function node by. */
function functionName(node, parent) {
  if (node.id && node.id.name) return node.id.name;
  if (parent && parent.type === "VariableDeclarator" && parent.id.type === "Identifier") return parent.id.name;
  if (parent && (parent.type === "Property" || parent.type === "MethodDefinition") && parent.key) {
    return parent.key.name || String(parent.key.value);
  }
  return "(anonymous)";
}

/** @param {string} file @param {string} source */
function outline(file, source) {
  const ast = acorn.parse(source, { ecmaVersion: "latest", sourceType: "module", locations: true });
  const functions = [];
  eachNode(ast, null, (node, parent) => {
    if (!/^(FunctionDeclaration|FunctionExpression|ArrowFunctionExpression)$/.test(node.type)) return;
    functions.push({ name: functionName(node, parent), start: node.loc.start.line, end: node.loc.end.line });
  });
  const exports = [];
  const imports = [];
  const from = (spec) => normalize(join(dirname(file), spec));
  for (const node of ast.body) {
    if (node.type === "ImportDeclaration") {
      const star = node.specifiers.some((s) => s.type === "ImportNamespaceSpecifier");
      const names = node.specifiers.filter((s) => s.type === "ImportSpecifier").map((s) => s.imported.name);
      if (node.specifiers.some((s) => s.type === "ImportDefaultSpecifier")) names.push("default");
      imports.push({ from: from(node.source.value), names: star ? "*" : names });
    } else if (node.type === "ExportNamedDeclaration") {
      const d = node.declaration;
      if (d && d.id) exports.push(d.id.name);
      if (d && d.declarations) for (const v of d.declarations) exports.push(v.id.name);
      for (const s of node.specifiers) exports.push(s.exported.name);
      if (node.source) imports.push({ from: from(node.source.value), names: node.specifiers.map((s) => s.local.name) });
    } else if (node.type === "ExportDefaultDeclaration") {
      exports.push("default");
    }
  }
  return { functions, exports, imports };
}

const result = {};
for (const dir of process.argv.slice(2)) {
  for (const path of modulesUnder(dir)) {
    const key = relative(process.cwd(), path);
    result[key] = outline(key, readFileSync(path, "utf8"));
  }
}
process.stdout.write(JSON.stringify(result));
