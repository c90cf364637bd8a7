#!/usr/bin/env python3
"""A real SMTP server on loopback for the mail tests (aiosmtpd).

    smtp-sink.py --dir DIR            accept every message; store each as DIR/<n>.json
                                      ({"mail_from", "rcpt_tos", "data"})
    smtp-sink.py --dir DIR --refuse   answer every message with a temporary failure (451)

Prints the port it listens on (one line), then serves until it is terminated.
"""
import argparse
import asyncio
import json
import os
import signal
import socket

from aiosmtpd.controller import Controller


class Store:
    def __init__(self, directory):
        self.directory = directory
        self.count = 0

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        path = os.path.join(self.directory, f"{self.count:05d}.json")
        with open(path + ".tmp", "w", encoding="utf-8") as out:
            json.dump({
                "mail_from": envelope.mail_from,
                "rcpt_tos": envelope.rcpt_tos,
                "data": envelope.content.decode("utf-8", "replace"),
            }, out)
        os.replace(path + ".tmp", path)  # readers never see half a message
        return "250 Message accepted for delivery"


class Refuse:
    async def handle_DATA(self, server, session, envelope):
        return "451 4.3.0 Mailbox temporarily unavailable (test server refuses everything)"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dir", required=True)
    parser.add_argument("--refuse", action="store_true")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    port = args.port or free_port()
    controller = Controller(Refuse() if args.refuse else Store(args.dir), hostname="127.0.0.1", port=port)
    controller.start()
    print(port, flush=True)
    loop = asyncio.new_event_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    loop.run_until_complete(stop.wait())
    controller.stop()


if __name__ == "__main__":
    main()
