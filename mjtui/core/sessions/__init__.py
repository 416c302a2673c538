"""Sessions on disk: the session file and its quick reader, the lock that keeps one
writer, the scorebook that saves every change before it is shown, the ledger of a
folder other machines write into, and the library of saved sessions with its trash."""
