"""The rules of Memulation and Mendikot as a pure, replayable state machine.

Standard library only: nothing here knows about Django, HTTP, Celery or the database.
"""
