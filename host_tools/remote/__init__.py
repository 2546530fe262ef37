"""A seat played from far away: two sides of one game meet in a room on an
MQTT broker (docs/REMOTE.md, "The room on the broker").

room.py    a room: this side's record lines out, the other sides' in, one agreed record
broker.py  the embedded broker (amqtt) on this machine: for one machine and for the tests
"""
