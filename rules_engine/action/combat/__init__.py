"""Action! part 2, combat and damage: Sequences and Shots (``shots``), damage and wounds
(``damage``), mooks (``mooks``), other conflicts (``conflicts``) and the source's drafts
(``drafts``), source 001.

``notation`` reads the word-led notations (``damage 23 threshold 10``, ``mook 8 vs 5``,
``heroic 4`` …) and works out their exact odds (``damage``'s and ``mooks``' odds functions);
``tables`` and ``actions`` are what the site and the browser bridge publish."""
