"""The serial link to a host: lines out (``outbox``) and commands in (``inbox``)."""
