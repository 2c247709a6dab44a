"""Action! part 1, the roll: skill + open-ended positive d10s − negative d10s against a
defence, the eight degrees of success, the action types, and the value table (source 001).

``notation`` reads ``8 vs 5 inspired``; ``odds`` and ``roll`` work it out exactly or with a
seed; ``rules`` holds the numbers; ``values`` converts measures on the value table;
``tables`` and ``actions`` are what the site and the browser bridge publish."""
