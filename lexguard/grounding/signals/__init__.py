"""Signals: lexical overlap, named entities, numbers, derived figures, units and polarity."""
