"""Kassa checked with the tools a merchant in another language uses, as they are.

Run with .kassa/merchant-venv/bin/python (scripts/ensure-merchant-tools.sh). One JSON object on
stdin, one JSON object on stdout:

  verify-webhooks   Standard Webhooks' Python library verifies real deliveries.
  validate-openapi  openapi-core validates real requests, answers (each in its own content type, with
                    its headers) and webhook bodies against the document; a request marked `bad`
                    (made wrong on purpose) has its answer checked, not itself.
  generate-client   openapi-python-client generates a client; its code parses real answers.
  validate-xml      xmlschema validates documents against the XSD.
"""

import importlib
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path


def verify_webhooks(job):
    from standardwebhooks.webhooks import Webhook

    verified, failed = 0, []
    for d in job["deliveries"]:
        try:
            # A JSON body is parsed by the library; an XML one is not JSON: json_parse=False says so.
            Webhook(d["secret"]).verify(d["body"], d["headers"], json_parse=d["json"])
            verified += 1
        except Exception as e:  # noqa: BLE001 - every failure is reported
            failed.append(f"{d.get('name', '?')}: {type(e).__name__}: {e}")
    return {"verified": verified, "failed": failed}


def xml_notification_loads(document):
    """A text/xml deserializer for openapi-core: an XML notification as the object its schema describes.

    Each child element is a property; its text is an integer where the schema says integer (XML has
    only text), a string otherwise.
    """

    def loads(value, **parameters):
        from xml.etree.ElementTree import fromstring

        root = fromstring(value.decode(parameters.get("charset", "utf-8")))
        schema = document["components"]["schemas"].get(root.tag, {})
        integers = {name for name, p in schema.get("properties", {}).items() if p.get("type") == "integer"}
        return {child.tag: int(child.text) if child.tag in integers and (child.text or "").lstrip("-").isdigit() else (child.text or "") for child in root}

    return loads


def sse_loads(value, **parameters):
    """A text/event-stream deserializer for openapi-core: the stream as text (its schema is a string)."""
    return value.decode(parameters.get("charset", "utf-8"))


def sse_problems(document, x):
    """Each `data:` line of a recorded Server-Sent Events answer, checked against the schema its media type names (x-sse-data)."""
    from openapi_schema_validator import OAS31Validator
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    path = next((p for p in document["paths"] if re.fullmatch(re.sub(r"\{\w+\}", "[^/]+", p), x["path"])), None)
    media = document["paths"].get(path, {}).get(x["method"].lower(), {}).get("responses", {}).get(str(x["status"]), {}).get("content", {}).get("text/event-stream", {})
    if "x-sse-data" not in media:
        return [f"{x['method']} {x['path']}: no x-sse-data schema for its data lines"]
    registry = Registry().with_resource("urn:document", Resource.from_contents(document, default_specification=DRAFT202012))
    ref = media["x-sse-data"]["$ref"].replace("#", "urn:document#", 1)
    validator = OAS31Validator({"$ref": ref}, registry=registry)
    problems = []
    for block in x["response_body"].split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line and not line.startswith(":"))
        if "data" not in fields or fields.get("event") == "ready":
            continue
        for error in validator.iter_errors(json.loads(fields["data"])):
            problems.append(f"{x['method']} {x['path']} data line: {error.message}")
    return problems


def validate_openapi(job):
    from openapi_core import Config, OpenAPI
    from openapi_core.testing import MockRequest, MockResponse

    document = job["document"]
    # Checking the document itself is most of a call's time (6 s of 7 here, 275 kB): a caller that
    # had this same document checked already says so with document_checked.
    skip = {"spec_validator_cls": None} if job.get("document_checked") else {}
    api = OpenAPI.from_dict(document, config=Config(extra_media_type_deserializers={"text/xml": xml_notification_loads(document), "text/event-stream": sse_loads}, **skip))
    problems, checked = [], 0
    for x in job.get("exchanges", []):
        request = MockRequest(
            host_url=x["host"],
            method=x["method"].lower(),
            path=x["path"],
            args=x.get("query") or {},
            headers=x.get("headers") or {},
            data=(x.get("body") or "").encode(),
            content_type="application/json" if x.get("body") else None,
        )
        response = MockResponse(x["response_body"].encode(), status_code=x["status"], content_type=x.get("content_type") or "application/json", headers=x.get("response_headers") or {})
        checks = [("response", lambda: api.validate_response(request, response))]
        if x.get("content_type") == "text/event-stream" and x["status"] == 200:
            problems.extend(sse_problems(document, x))
        # A request made wrong on purpose: its answer is checked, not the request.
        if not x.get("bad"):
            checks.insert(0, ("request", lambda: api.validate_request(request)))
        for what, check in checks:
            try:
                check()
            except Exception as e:  # noqa: BLE001
                problems.append(f"{x['method']} {x['path']} {x['status']} {what}: {type(e).__name__}: {e} {getattr(e, '__cause__', '')}")
        checked += 1
    for w in job.get("webhooks", []):
        from openapi_core.testing import MockRequest as Hook

        request = Hook(host_url="", method="post", path="", headers=w["headers"], data=w["body"].encode(), content_type=w["content_type"])
        request.name = w["name"]  # openapi-core finds a webhook by its name
        try:
            api.validate_webhook_request(request)
        except Exception as e:  # noqa: BLE001
            problems.append(f"webhook {w['name']}: {type(e).__name__}: {e} {getattr(e, '__cause__', '')}")
        checked += 1
    return {"checked": checked, "problems": problems}


def snake(name):
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def generate_client(job):
    import httpx

    work = Path(tempfile.mkdtemp(prefix="kassa-client-"))
    doc = work / "openapi.json"
    doc.write_text(json.dumps(job["document"]))
    cli = Path(sys.executable).parent / "openapi-python-client"
    # The generator formats its output with ruff, which is in the venv's bin: on PATH for it.
    env = {**os.environ, "PATH": f"{cli.parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    run = subprocess.run([str(cli), "generate", "--path", str(doc), "--output-path", str(work / "client"), "--meta", "none"], capture_output=True, text=True, env=env)
    output = run.stdout + run.stderr
    if run.returncode != 0:
        return {"generated": False, "output": output[-4000:], "parsed": 0, "problems": []}
    sys.path.insert(0, str(work))
    package = importlib.import_module("client")
    client = package.Client(base_url="http://kassa.invalid")
    parsed, problems = 0, []
    # The generator puts each operation in the module of its first tag (untagged ones: default).
    # A path item also holds non-operations (`parameters`, a list; `summary`): only objects with an operationId count.
    operations = [op for ops in job["document"]["paths"].values() for op in ops.values() if isinstance(op, dict) and "operationId" in op]
    tags = {op["operationId"]: (op.get("tags") or ["default"])[0] for op in operations}
    for x in job.get("exchanges", []):
        module = importlib.import_module(f"client.api.{snake(tags.get(x['operation'], 'default'))}.{snake(x['operation'])}")
        response = httpx.Response(x["status"], content=x["response_body"].encode(), headers={"content-type": "application/json"})
        try:
            result = module._build_response(client=client, response=response)
            if result.parsed is None:
                problems.append(f"{x['operation']} {x['status']}: the generated client parsed nothing")
            else:
                parsed += 1
        except Exception as e:  # noqa: BLE001
            problems.append(f"{x['operation']} {x['status']}: {type(e).__name__}: {e}")
    warnings = [line for line in output.splitlines() if "warning" in line.lower() or "unable" in line.lower() or "duplicate" in line.lower()]
    return {"generated": True, "warnings": warnings, "parsed": parsed, "problems": problems}


def validate_xml(job):
    import xmlschema

    schema = xmlschema.XMLSchema10(job["schema"])
    results = []
    for d in job["documents"]:
        errors = [str(e.reason) for e in schema.iter_errors(d["xml"])]
        results.append({"name": d["name"], "valid": not errors, "errors": errors[:3]})
    return {"results": results}


COMMANDS = {"verify-webhooks": verify_webhooks, "validate-openapi": validate_openapi, "generate-client": generate_client, "validate-xml": validate_xml}

if __name__ == "__main__":
    print(json.dumps(COMMANDS[sys.argv[1]](json.load(sys.stdin))))
