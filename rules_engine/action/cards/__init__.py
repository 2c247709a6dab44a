"""Action!'s cards: the Dramatic Card Draw (``draw``) and the Action! Deck (``deck``),
source 001.

``notation`` maps each one's leading word (``draw``, ``deck``) to its parse, seeded deal and
exact odds (counting cards); ``tables`` and ``actions`` are what the site and the browser
bridge publish."""
