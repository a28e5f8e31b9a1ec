"""A merchant's run with the Python SDK, against Kassa's test environment.

It listens for webhooks on 127.0.0.1 (a free port) and prints {"receiver": url} as its first line;
then reads one line of JSON on stdin ({base_url, login, password, project_id, webhook_secret,
msisdn, merchant_contract_id, merchant_order_id}) and runs: a contract authorised with the test
PIN, an invoice charged on it and paid, a refund, the invoice read back (by id and by order id),
a billing check, the project's events paged two at a time; every
webhook verified as it arrives (a delivery that does not verify is answered 400). Prints one JSON
object of what it saw. packages/app/test/python-sdk.test.ts runs it, with the SDK installed
(pip install clients/python).
"""

from __future__ import annotations

import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import kassa_sdk
from kassa_client.api.default import (
    authorize_contract,
    check_billing,
    create_contract,
    create_invoice,
    find_invoice_by_order_id,
    get_invoice,
    list_events,
    refund_invoice,
)
from kassa_client.models import (
    BillingCheckByCustomer,
    ContractPinRequest,
    CreateContractRequest,
    CreateInvoiceRequest,
)
from kassa_client.types import UNSET, Unset

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
    server = ThreadingHTTPServer(("127.0.0.1", 0), Hooks)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(json.dumps({"receiver": f"http://127.0.0.1:{server.server_address[1]}/hooks"}), flush=True)
    job = json.loads(sys.stdin.readline())
    secret = job["webhook_secret"]
    project = job["project_id"]
    kassa = kassa_sdk.client(job["base_url"], job["login"], job["password"])
    customer = {"type": "mobile_phone", "msisdn": job["msisdn"]}

    contract = data(
        create_contract.sync(
            project, client=kassa, body=CreateContractRequest.from_dict({"customer": customer, "merchant_contract_id": job["merchant_contract_id"]})
        )
    )
    authorized = data(
        authorize_contract.sync(
            project,
            contract.contract_id,
            client=kassa,
            body=ContractPinRequest.from_dict({"pin_code": "1234", "merchant_contract_id": job["merchant_contract_id"]}),
        )
    )
    invoice = data(
        create_invoice.sync(
            project,
            client=kassa,
            body=CreateInvoiceRequest.from_dict(
                {
                    "customer": customer,
                    "order": {"merchant_order_id": job["merchant_order_id"], "price": {"amount": "10.00", "currency": "RUB"}},
                    "contract": {"merchant_contract_id": job["merchant_contract_id"]},
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
    refund = data(refund_invoice.sync(project, invoice.invoice_id, client=kassa))
    billing = data(check_billing.sync(project, client=kassa, body=BillingCheckByCustomer.from_dict({"customer": customer})))
    wanted = {"contract.authorized", "payment.updated", "refund.completed"}
    while not wanted <= {e["type"] for e in events} and time.monotonic() < deadline + 15:
        time.sleep(0.1)
    after = data(get_invoice.sync(project, invoice.invoice_id, client=kassa))
    # A query signed too (version 4 signs merchant_order_id).
    found = data(find_invoice_by_order_id.sync(project, client=kassa, merchant_order_id=job["merchant_order_id"]))
    # The project's events, two a page: every list pages by cursor until next_cursor is null.
    listed, cursor = [], UNSET
    for _ in range(50):
        page = data(list_events.sync(project, client=kassa, limit=2, cursor=cursor))
        listed += [e.type_ for e in page.items]
        if page.next_cursor is None:
            break
        cursor = page.next_cursor
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
                "webhooks": sorted({e["type"] for e in events}),
                "listed": sorted(set(listed)),
                "refused": refused,
                "tampered_refused": tampered_refused,
            }
        )
    )


if __name__ == "__main__":
    main()
