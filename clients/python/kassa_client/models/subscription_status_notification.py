from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.subscription_status_notification_billing_result import (
    SubscriptionStatusNotificationBillingResult,
    check_subscription_status_notification_billing_result,
)
from ..models.subscription_status_notification_event_type import (
    SubscriptionStatusNotificationEventType,
    check_subscription_status_notification_event_type,
)
from ..models.subscription_status_notification_subscription_status import (
    SubscriptionStatusNotificationSubscriptionStatus,
    check_subscription_status_notification_subscription_status,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="SubscriptionStatusNotification")


@_attrs_define
class SubscriptionStatusNotification:
    """
    Attributes:
        event_type (SubscriptionStatusNotificationEventType):
        subscription_id (str):
        subscription_project_id (int):
        subscription_status (SubscriptionStatusNotificationSubscriptionStatus):
        now (str): the event time, UTC yyyyMMddHHmmss
        subscriber_msisdn (str | Unset):
        paid_until (str | Unset): ISO 8601 with an offset
        operator_id (int | Unset):
        billing_operation_id (str | Unset): CHARGE only
        billing_result (SubscriptionStatusNotificationBillingResult | Unset): CHARGE only
        customer_price (str | Unset): CHARGE only
        currency (str | Unset): CHARGE only
        signature (str | Unset): lowercase hex hmac_sha256(subscriptionSecret, SubscriptionProjectID + Now +
            hex(sha256(D))), D the document as received with this element emptied; with the project secret as written
            (whsec_ included)
    """

    event_type: SubscriptionStatusNotificationEventType
    subscription_id: str
    subscription_project_id: int
    subscription_status: SubscriptionStatusNotificationSubscriptionStatus
    now: str
    subscriber_msisdn: str | Unset = UNSET
    paid_until: str | Unset = UNSET
    operator_id: int | Unset = UNSET
    billing_operation_id: str | Unset = UNSET
    billing_result: SubscriptionStatusNotificationBillingResult | Unset = UNSET
    customer_price: str | Unset = UNSET
    currency: str | Unset = UNSET
    signature: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        event_type: str = self.event_type

        subscription_id = self.subscription_id

        subscription_project_id = self.subscription_project_id

        subscription_status: str = self.subscription_status

        now = self.now

        subscriber_msisdn = self.subscriber_msisdn

        paid_until = self.paid_until

        operator_id = self.operator_id

        billing_operation_id = self.billing_operation_id

        billing_result: str | Unset = UNSET
        if not isinstance(self.billing_result, Unset):
            billing_result = self.billing_result

        customer_price = self.customer_price

        currency = self.currency

        signature = self.signature

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "EventType": event_type,
                "SubscriptionID": subscription_id,
                "SubscriptionProjectID": subscription_project_id,
                "SubscriptionStatus": subscription_status,
                "Now": now,
            }
        )
        if subscriber_msisdn is not UNSET:
            field_dict["Subscriber_MSISDN"] = subscriber_msisdn
        if paid_until is not UNSET:
            field_dict["PaidUntil"] = paid_until
        if operator_id is not UNSET:
            field_dict["OperatorID"] = operator_id
        if billing_operation_id is not UNSET:
            field_dict["BillingOperationID"] = billing_operation_id
        if billing_result is not UNSET:
            field_dict["BillingResult"] = billing_result
        if customer_price is not UNSET:
            field_dict["CustomerPrice"] = customer_price
        if currency is not UNSET:
            field_dict["Currency"] = currency
        if signature is not UNSET:
            field_dict["Signature"] = signature

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        event_type = check_subscription_status_notification_event_type(
            d.pop("EventType")
        )

        subscription_id = d.pop("SubscriptionID")

        subscription_project_id = d.pop("SubscriptionProjectID")

        subscription_status = (
            check_subscription_status_notification_subscription_status(
                d.pop("SubscriptionStatus")
            )
        )

        now = d.pop("Now")

        subscriber_msisdn = d.pop("Subscriber_MSISDN", UNSET)

        paid_until = d.pop("PaidUntil", UNSET)

        operator_id = d.pop("OperatorID", UNSET)

        billing_operation_id = d.pop("BillingOperationID", UNSET)

        _billing_result = d.pop("BillingResult", UNSET)
        billing_result: SubscriptionStatusNotificationBillingResult | Unset
        if isinstance(_billing_result, Unset):
            billing_result = UNSET
        else:
            billing_result = check_subscription_status_notification_billing_result(
                _billing_result
            )

        customer_price = d.pop("CustomerPrice", UNSET)

        currency = d.pop("Currency", UNSET)

        signature = d.pop("Signature", UNSET)

        subscription_status_notification = cls(
            event_type=event_type,
            subscription_id=subscription_id,
            subscription_project_id=subscription_project_id,
            subscription_status=subscription_status,
            now=now,
            subscriber_msisdn=subscriber_msisdn,
            paid_until=paid_until,
            operator_id=operator_id,
            billing_operation_id=billing_operation_id,
            billing_result=billing_result,
            customer_price=customer_price,
            currency=currency,
            signature=signature,
        )

        return subscription_status_notification
