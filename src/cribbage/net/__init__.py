"""Play people: a table hosted by one player that others join from their own terminals.

The host's engine decides everything (`cribbage.tables.TableCore`); each person receives only
what their seat may see (`cribbage.view`), over a connection opened with the table's join
code (`codes`) through a password-authenticated key exchange and then carried in
authenticated encryption (`channel`). The messages themselves are `messages`; the values
they carry, views and events, are `values`. `host` opens a table, `client` joins one.
docs/protocol.md describes it all for someone writing another program that speaks it.
"""
