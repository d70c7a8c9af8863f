#!/usr/bin/env python3
# A receiver's check of Zonewatch's webhook signature, written from docs/desktop.md › The signed
# webhook alone: argv[1] the signing key, argv[2] the Zonewatch-Signature header, stdin the raw body.
# Prints "valid" or "invalid".
import hashlib
import hmac
import sys

key, header = sys.argv[1], sys.argv[2]
body = sys.stdin.buffer.read()
parts = dict(part.split("=", 1) for part in header.split(","))
expected = hmac.new(key.encode(), parts["t"].encode() + b"." + body, hashlib.sha256).hexdigest()
print("valid" if hmac.compare_digest(expected, parts["v1"]) else "invalid")
