"""The players' read-only view over the local network (docs/web.md).

``companion.web.server.PublicServer`` serves the page, ``/api/state`` and the event stream in
the caller's asyncio loop; ``companion.web.watch.JournalWatch`` follows a journal read-only for
``companion serve``.  Nothing here writes anything.
"""
