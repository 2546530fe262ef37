"""The device's modes (docs/DEVICE.md) and the name of the maintenance flag:
what tabletop.device's loop and tabletop.power_on's decision agree on."""

PLAY = "play"
SAFE = "safe"
MAINTENANCE = "maintenance"
SHOWING_ERROR = "error"
LEAVING = "leaving"  # a maintenance request: reset shortly
PROFILE_ERROR = "profile-error"

FLAG = "maintenance"  # the flag file in the store: the next power-on is maintenance
