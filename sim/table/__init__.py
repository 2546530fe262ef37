"""The table a game is played at, live: the firmware in virtual time, the
hands of the people and the computer seats at the pieces.

table.py     the Table: time, buttons, records, a move made whole
part.py      what the table asks of a game's part (the contract), and the
             steps a part's mouse's hand (``drag``) is made of
pyraos.py, pacal.py, diabolo.py   each game's part: what the board never sees
             (colours, hands, deals) and the mouse's hand on its pieces
pacal_mouse.py, diabolo_mouse.py   the mouse's hand on the cards: taken, let
             go, a whole move made of those (the part's ``drag``)
diabolo_scoring.py   Diabolo's scoring walk-through: the computer seats'
             part in it, a person's C and D
seats.py     when a computer seat moves; computer.py: what it plays
undo.py      U: the person's last turn taken back
"""
