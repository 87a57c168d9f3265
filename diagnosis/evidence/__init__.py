"""Evidence bundles (DESIGN §4): the JSON import format (``bundle``) and its loader (``loader``).

``bundle`` is Django-free (the demo generator imports it); ``loader`` writes to the database.
"""
