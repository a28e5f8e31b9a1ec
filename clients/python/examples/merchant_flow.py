"""A merchant's run with the Python SDK, against Kassa's test environment.

Run it against a Kassa started as the quick start starts it (`npm start`), in a shell with the
variables its start banner prints (KASSA_API_URL, KASSA_LOGIN, KASSA_PASSWORD, KASSA_PROJECT):

    python clients/python/examples/merchant_flow.py

It listens for webhooks on 127.0.0.1 (a free port; so Kassa must run on this machine) and registers
that address as a webhook endpoint of the project, then runs: a contract authorised with the test
PIN, an invoice charged on it and paid, a refund, the invoice read back (by id and by order id), a
billing check, the project's events paged two at a time; every webhook verified with the
endpoint's secret as it arrives (a delivery that does not verify is answered 400). The endpoint is
deleted at the end. Every request sends client_ip where the operation takes it: the quick start's
demo project requires it. The phone number and the merchant's ids are new at each run, so the run
can be repeated against the same Kassa. Prints one JSON object of what it saw.
packages/app/test/python-sdk.test.ts runs it, with the SDK installed (pip install ./clients/python).
"""

from __future__ import annotations

import json
import os
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import kassa_sdk
from kassa_client.api.billing import check_billing
from kassa_client.api.contracts import authorize_contract, create_contract
from kassa_client.api.events import list_events
from kassa_client.api.invoices import create_invoice, find_invoice_by_order_id, get_invoice
from kassa_client.api.refunds import refund_invoice
from kassa_client.api.webhook_endpoints import create_webhook_endpoint, delete_webhook_endpoint
from kassa_client.models import (
    BillingCheckByCustomer,
    ClientIpRequest,
    ContractPinRequest,
    CreateContractRequest,
    CreateInvoiceRequest,
    CreateWebhookEndpointRequest,
)
from kassa_client.types import UNSET, Unset

# The buyer's address (here a documentation one): a project may require it on every request.
CLIENT_IP = "203.0.113.7"
WANTED = {"contract.authorized", "payment.updated", "refund.completed"}

events: list[dict] = []
deliveries: list[tuple[bytes, dict[str, str]]] = []
refused: list[str] = []
secret = ""


class Hooks(BaseHTTPRequestHandler):
    def do_POST(self) -> None:  # http.server's name
        body = self.rfile.read(int(self.headers.get("content-length", "0")))
        deliveries.append((body, dict(self.headers.items())))
        try:
            events.append(kassa_sdk.verify_webhook(secret, body, dict(self.headers.items())))
            self.send_response(204)
        except kassa_sdk.WebhookVerificationError as e:
            refused.append(str(e))
            self.send_response(400)
        self.end_headers()

    def log_message(self, *args: object) -> None:  # quiet: stdout is the JSON answer
        pass


def data(answer):
    """The answer's data, or an error naming what came back instead."""
    if getattr(answer, "success", False) is not True:
        raise RuntimeError(f"expected success, got {answer!r}")
    return answer.data


def main() -> None:
    global secret
    project = int(os.environ["KASSA_PROJECT"])
    kassa = kassa_sdk.client(os.environ.get("KASSA_API_URL", "http://127.0.0.1:8080"), os.environ["KASSA_LOGIN"], os.environ["KASSA_PASSWORD"])
    # New at each run: a number with no open invoice, ids no earlier run used.
    run = uuid.uuid4()
    msisdn = f"7900{run.int % 10**7:07d}"
    merchant_contract_id, merchant_order_id = f"contract-{run.hex[:12]}", f"order-{run.hex[:12]}"
    customer = {"type": "mobile_phone", "msisdn": msisdn}

    server = ThreadingHTTPServer(("127.0.0.1", 0), Hooks)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    endpoint = data(
        create_webhook_endpoint.sync(
            project,
            client=kassa,
            body=CreateWebhookEndpointRequest.from_dict(
                {"url": f"http://127.0.0.1:{server.server_address[1]}/hooks", "event_types": sorted(WANTED), "description": "merchant_flow.py"}
            ),
        )
    )
    secret = endpoint.secret  # shown in this answer only
    try:
        contract = data(
            create_contract.sync(
                project,
                client=kassa,
                body=CreateContractRequest.from_dict({"client_ip": CLIENT_IP, "customer": customer, "merchant_contract_id": merchant_contract_id}),
            )
        )
        authorized = data(
            authorize_contract.sync(
                project,
                contract.contract_id,
                client=kassa,
                body=ContractPinRequest.from_dict({"client_ip": CLIENT_IP, "pin_code": "1234", "merchant_contract_id": merchant_contract_id}),
            )
        )
        invoice = data(
            create_invoice.sync(
                project,
                client=kassa,
                body=CreateInvoiceRequest.from_dict(
                    {
                        "client_ip": CLIENT_IP,
                        "customer": customer,
                        "order": {"merchant_order_id": merchant_order_id, "price": {"amount": "10.00", "currency": "RUB"}},
                        "contract": {"merchant_contract_id": merchant_contract_id},
                    }
                ),
            )
        )
        # A UI may poll; goods are released on the payment.updated webhook.
        deadline = time.monotonic() + 15
        paid = invoice
        while paid.payment_status != "PAID" and time.monotonic() < deadline:
            time.sleep(0.1)
            paid = data(get_invoice.sync(project, invoice.invoice_id, client=kassa))
        refund = data(refund_invoice.sync(project, invoice.invoice_id, client=kassa, body=ClientIpRequest(client_ip=CLIENT_IP)))
        billing = data(check_billing.sync(project, client=kassa, body=BillingCheckByCustomer.from_dict({"customer": customer})))
        # Ours: the endpoint takes the project's events, other runs' too.
        ids = (str(contract.contract_id), str(invoice.invoice_id))

        def ours(event: dict) -> bool:
            return any(i in json.dumps(event) for i in ids)

        while not WANTED <= {e["type"] for e in events if ours(e)} and time.monotonic() < deadline + 15:
            time.sleep(0.1)
        after = data(get_invoice.sync(project, invoice.invoice_id, client=kassa))
        # A query signed too (version 4 signs merchant_order_id).
        found = data(find_invoice_by_order_id.sync(project, client=kassa, merchant_order_id=merchant_order_id))
        # The project's events, newest first, two a page: every list pages by cursor until next_cursor
        # is null; here until this run's are found.
        listed, cursor = set(), UNSET
        for _ in range(50):
            page = data(list_events.sync(project, client=kassa, limit=2, cursor=cursor))
            listed |= {e.type_ for e in page.items if ours(e.to_dict())}
            if page.next_cursor is None or WANTED <= listed:
                break
            cursor = page.next_cursor
    finally:
        delete_webhook_endpoint.sync(project, endpoint.id, client=kassa)
        server.shutdown()
    # A body changed on the way, by a byte, does not verify.
    body, headers = deliveries[-1] if deliveries else (b"{}", {})
    try:
        kassa_sdk.verify_webhook(secret, body + b" ", headers)
        tampered_refused = False
    except kassa_sdk.WebhookVerificationError:
        tampered_refused = True
    print(
        json.dumps(
            {
                "contract": authorized.status,
                "invoice": invoice.status,
                "paid": paid.payment_status,
                "refund": refund.refund_status,
                "after_refund": {
                    "payment_status": after.payment_status,
                    "refund_status": None if isinstance(after.refund_status, Unset) else after.refund_status,
                },
                "found_by_order_id": found.invoice_id == invoice.invoice_id,
                "billing_supported": billing.supported,
                "webhooks": sorted({e["type"] for e in events if ours(e)}),
                "listed": sorted(listed),
                "refused": refused,
                "tampered_refused": tampered_refused,
            }
        )
    )


if __name__ == "__main__":
    main()
