"""Game records: the notation of each game's events (``notation``) and whole
record files, read, checked and written (``record``)."""
