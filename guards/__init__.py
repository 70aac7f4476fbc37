"""What the site refuses, in one place: bounded readers for untrusted numbers and text
(`inputs`, pure Python), who the client is (`clients`), and the middleware that turns away
oversized bodies and cross-site or non-JSON writes to the API (`middleware`)."""
