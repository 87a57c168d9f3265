"""Reads (selectors, STYLE §1): functions that query the database and return plain data."""
