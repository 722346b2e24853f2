"""A home router on 127.0.0.1 that speaks just enough UPnP-IGD for app/net/server/router.py:
an SSDP answer (unicast, on loopback: nothing is multicast), the device description, the
WAN IP connection's service description and its SOAP control endpoint, which records every
AddPortMapping and DeletePortMapping and answers GetExternalIPAddress.

Its ``mode`` says what kind of router it is: ``open`` (maps what it is asked), ``refuse``
(606 Action not authorized), ``taken`` (718 for the asked port: another computer holds it),
``permanent`` (725 for a lease: only permanent mappings), ``cgnat`` (its own public address
is in 100.64.0.0/10), ``mute`` (the search is answered, the HTTP requests never are).

Run it alone to try the window against it:
``python -m tests.net.fake_router cgnat`` prints the ``PARLOUR_ROUTER=...`` to set.
"""

from __future__ import annotations

import re
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

PUBLIC_IP = "203.0.113.7"          # (a documentation address: public as far as Parlour can tell)
CGNAT_IP = "100.64.12.34"
IGD = "urn:schemas-upnp-org:device:InternetGatewayDevice:1"
WANIP = "urn:schemas-upnp-org:service:WANIPConnection:1"

DEVICE_XML = f"""<?xml version="1.0"?>
<root xmlns="urn:schemas-upnp-org:device-1-0">
 <specVersion><major>1</major><minor>0</minor></specVersion>
 <device>
  <deviceType>{IGD}</deviceType><friendlyName>Test router</friendlyName>
  <manufacturer>Parlour tests</manufacturer><modelName>fake</modelName>
  <UDN>uuid:00000000-0000-0000-0000-000000000001</UDN>
  <deviceList><device>
   <deviceType>urn:schemas-upnp-org:device:WANDevice:1</deviceType><friendlyName>WAN</friendlyName>
   <manufacturer>Parlour tests</manufacturer><modelName>fake</modelName>
   <UDN>uuid:00000000-0000-0000-0000-000000000002</UDN>
   <deviceList><device>
    <deviceType>urn:schemas-upnp-org:device:WANConnectionDevice:1</deviceType><friendlyName>WAN connection</friendlyName>
    <manufacturer>Parlour tests</manufacturer><modelName>fake</modelName>
    <UDN>uuid:00000000-0000-0000-0000-000000000003</UDN>
    <serviceList><service>
     <serviceType>{WANIP}</serviceType><serviceId>urn:upnp-org:serviceId:WANIPConn1</serviceId>
     <SCPDURL>/WANIPCn.xml</SCPDURL><controlURL>/ctl/IPConn</controlURL><eventSubURL>/evt/IPConn</eventSubURL>
    </service></serviceList>
   </device></deviceList>
  </device></deviceList>
 </device>
</root>"""


def _argument(name: str, direction: str, variable: str) -> str:
    return (f"<argument><name>{name}</name><direction>{direction}</direction>"
            f"<relatedStateVariable>{variable}</relatedStateVariable></argument>")


MAPPING_KEY = [("NewRemoteHost", "RemoteHost"), ("NewExternalPort", "ExternalPort"),
               ("NewProtocol", "PortMappingProtocol")]
ADD_ARGUMENTS = MAPPING_KEY + [("NewInternalPort", "InternalPort"), ("NewInternalClient", "InternalClient"),
                               ("NewEnabled", "PortMappingEnabled"),
                               ("NewPortMappingDescription", "PortMappingDescription"),
                               ("NewLeaseDuration", "PortMappingLeaseDuration")]
VARIABLES = [("ExternalIPAddress", "string"), ("RemoteHost", "string"), ("ExternalPort", "ui2"),
             ("PortMappingProtocol", "string"), ("InternalPort", "ui2"), ("InternalClient", "string"),
             ("PortMappingEnabled", "boolean"), ("PortMappingDescription", "string"),
             ("PortMappingLeaseDuration", "ui4")]
SCPD_XML = ('<?xml version="1.0"?><scpd xmlns="urn:schemas-upnp-org:service-1-0">'
            "<specVersion><major>1</major><minor>0</minor></specVersion><actionList>"
            "<action><name>AddPortMapping</name><argumentList>"
            + "".join(_argument(n, "in", v) for n, v in ADD_ARGUMENTS) + "</argumentList></action>"
            "<action><name>DeletePortMapping</name><argumentList>"
            + "".join(_argument(n, "in", v) for n, v in MAPPING_KEY) + "</argumentList></action>"
            "<action><name>GetExternalIPAddress</name><argumentList>"
            + _argument("NewExternalIPAddress", "out", "ExternalIPAddress") + "</argumentList></action>"
            "</actionList><serviceStateTable>"
            + "".join(f'<stateVariable sendEvents="no"><name>{n}</name><dataType>{t}</dataType></stateVariable>'
                      for n, t in VARIABLES)
            + "</serviceStateTable></scpd>")

FAULTS = {606: "Action not authorized", 718: "ConflictInMappingEntry", 725: "OnlyPermanentLeasesSupported"}


def _envelope(body: str) -> str:
    return ('<?xml version="1.0"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" '
            's:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"><s:Body>' + body + "</s:Body></s:Envelope>")


def _fault(code: int) -> str:
    return _envelope("<s:Fault><faultcode>s:Client</faultcode><faultstring>UPnPError</faultstring><detail>"
                     '<UPnPError xmlns="urn:schemas-upnp-org:control-1-0">'
                     f"<errorCode>{code}</errorCode><errorDescription>{FAULTS[code]}</errorDescription>"
                     "</UPnPError></detail></s:Fault>")


class FakeRouter:
    """The router, serving on its own threads until ``close``. ``calls`` lists every SOAP
    action as (name, arguments); ``mappings`` the ports mapped now, by external port."""

    def __init__(self, mode: str = "open") -> None:
        self.mode = mode
        self.calls: list[tuple[str, dict[str, str]]] = []
        self.mappings: dict[int, dict[str, str]] = {}
        self.searches = 0
        self._lock = threading.Lock()
        self._quiet = threading.Event()            # set on close: a mute router's requests end
        self.http = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.http.daemon_threads = True
        self.ssdp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.ssdp.bind(("127.0.0.1", 0))
        self.ssdp.settimeout(0.2)
        self._threads = [threading.Thread(target=self.http.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True),
                         threading.Thread(target=self._answer_searches, daemon=True)]
        for thread in self._threads:
            thread.start()

    @property
    def description_url(self) -> str:
        return f"http://127.0.0.1:{self.http.server_address[1]}/rootDesc.xml"

    @property
    def ssdp_target(self) -> tuple[str, int]:
        return ("127.0.0.1", self.ssdp.getsockname()[1])

    def actions(self, name: str) -> list[dict[str, str]]:
        with self._lock:
            return [arguments for called, arguments in self.calls if called == name]

    def close(self) -> None:
        self._quiet.set()
        self.http.shutdown()
        self.http.server_close()
        self.ssdp.close()
        for thread in self._threads:
            thread.join(2)

    def __enter__(self) -> FakeRouter:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # --- SSDP ----------------------------------------------------------------------------------

    def _answer_searches(self) -> None:
        while not self._quiet.is_set():
            try:
                data, sender = self.ssdp.recvfrom(2048)
            except socket.timeout:
                continue
            except OSError:
                return
            if data.startswith(b"M-SEARCH") and IGD.encode() in data:
                self.searches += 1
                answer = ("HTTP/1.1 200 OK\r\nCACHE-CONTROL: max-age=120\r\nEXT:\r\n"
                          f"LOCATION: {self.description_url}\r\nSERVER: fake/1 UPnP/1.1 Parlour-tests/1\r\n"
                          f"ST: {IGD}\r\nUSN: uuid:00000000-0000-0000-0000-000000000001::{IGD}\r\n\r\n")
                self.ssdp.sendto(answer.encode(), sender)

    # --- HTTP: descriptions and control --------------------------------------------------------

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        router = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_: Any) -> None:
                pass

            def do_GET(self) -> None:
                if router.held():
                    return
                pages = {"/rootDesc.xml": DEVICE_XML, "/WANIPCn.xml": SCPD_XML}
                self._send(200 if self.path in pages else 404, pages.get(self.path, ""))

            def do_POST(self) -> None:
                if router.held():
                    return
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0)).decode()
                action = self.headers.get("SOAPAction", "").strip('"').rpartition("#")[2]
                status, answer = router._control(action, dict(re.findall(r"<(New\w+)>([^<]*)</\1>", body)))
                self._send(status, answer)

            def _send(self, status: int, text: str) -> None:
                data = text.encode()
                self.send_response(status)
                self.send_header("Content-Type", 'text/xml; charset="utf-8"')
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        return Handler

    def held(self) -> bool:
        """A mute router holds each request unanswered until it closes (True: say nothing)."""
        if self.mode == "mute":
            self._quiet.wait(30)
        return self.mode == "mute"

    def _control(self, action: str, arguments: dict[str, str]) -> tuple[int, str]:
        with self._lock:
            self.calls.append((action, arguments))
            if action == "GetExternalIPAddress":
                public = CGNAT_IP if self.mode == "cgnat" else PUBLIC_IP
                return 200, _envelope(f'<u:GetExternalIPAddressResponse xmlns:u="{WANIP}">'
                                      f"<NewExternalIPAddress>{public}</NewExternalIPAddress>"
                                      "</u:GetExternalIPAddressResponse>")
            port = int(arguments.get("NewExternalPort") or 0)
            if action == "AddPortMapping":
                refusal = self._refusal(port, arguments)
                if refusal:
                    return 500, _fault(refusal)
                self.mappings[port] = arguments
            elif action == "DeletePortMapping":
                self.mappings.pop(port, None)
            return 200, _envelope(f'<u:{action}Response xmlns:u="{WANIP}"></u:{action}Response>')

    def _refusal(self, port: int, arguments: dict[str, str]) -> int | None:
        if self.mode == "refuse":
            return 606
        if self.mode == "permanent" and arguments.get("NewLeaseDuration") != "0":
            return 725
        if self.mode == "taken" and not self.mappings and port == int(arguments.get("NewInternalPort") or 0):
            return 718
        return None


if __name__ == "__main__":
    with FakeRouter(sys.argv[1] if len(sys.argv) > 1 else "open") as router:
        print(f"PARLOUR_ROUTER={router.description_url}", flush=True)
        seen = 0
        try:
            while True:               # say each SOAP action as it comes
                time.sleep(0.5)
                for action, arguments in router.calls[seen:]:
                    print(action, arguments.get("NewExternalPort", ""), flush=True)
                seen = len(router.calls)
        except KeyboardInterrupt:
            pass
