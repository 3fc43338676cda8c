"""One module per ``cardscript`` subcommand, discovered by :mod:`cardscript.tools.cli`.

A command module defines ``HELP`` (one line), ``NAME`` if the command is not the module's
name (``import-csv``), ``add_arguments(parser)`` and ``run(args) ->
int`` (the exit code); adding a command is adding a module here."""
