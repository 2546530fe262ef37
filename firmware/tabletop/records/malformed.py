"""What is wrong with a record, in English, its template and fields apart.

    raise Malformed("unknown header key %s", show(key))
    str(err)                    # 'unknown header key "x"': template % fields
    err.template, err.fields    # for a reader in another language

The record modules raise their reasons as Malformed (a ValueError): the
English is ``template % fields``, and the desktop puts the template into
the player's language first (sim.texts.record_reasons; the markers keep
their order). A field is a value, shown as it is, or a Malformed itself: a
phrase (``Malformed("a solo deal")``) or a reason within a reason
(``"not a record header: %s"``), said in the same language. Each template
is the literal first argument of its ``Malformed(...)``: that is where the
desktop's catalogues find them.
"""


class Malformed(ValueError):
    """A reason: ``template`` (English, %-markers) and its ``fields``."""

    def __init__(self, template, *fields):
        super().__init__(template % fields)
        self.template = template
        self.fields = fields
