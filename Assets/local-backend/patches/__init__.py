"""Patch modules for the Latchkey local backend: Cognito features moto 5.2.1 lacks.

Each module has `install(ctx)`, called once from `latchkey_backend.install_patches()` with a namespace
of moto classes and helpers. Modules wrap moto's response handlers, so later ones see earlier ones'
results: the order of the `install` calls there is the order of wrapping (innermost first).
"""
