from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.error_envelope_error_code import (
    ErrorEnvelopeErrorCode,
    check_error_envelope_error_code,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.error_envelope_error_details import ErrorEnvelopeErrorDetails


T = TypeVar("T", bound="ErrorEnvelopeError")


@_attrs_define
class ErrorEnvelopeError:
    """
    Attributes:
        code (ErrorEnvelopeErrorCode):
        message (str):
        next_step (str | Unset): test environment only: a hint, never to be relied on
        details (ErrorEnvelopeErrorDetails | Unset):
    """

    code: ErrorEnvelopeErrorCode
    message: str
    next_step: str | Unset = UNSET
    details: ErrorEnvelopeErrorDetails | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        code: str = self.code

        message = self.message

        next_step = self.next_step

        details: dict[str, Any] | Unset = UNSET
        if not isinstance(self.details, Unset):
            details = self.details.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )
        if next_step is not UNSET:
            field_dict["next_step"] = next_step
        if details is not UNSET:
            field_dict["details"] = details

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.error_envelope_error_details import ErrorEnvelopeErrorDetails

        d = dict(src_dict)
        code = check_error_envelope_error_code(d.pop("code"))

        message = d.pop("message")

        next_step = d.pop("next_step", UNSET)

        _details = d.pop("details", UNSET)
        details: ErrorEnvelopeErrorDetails | Unset
        if isinstance(_details, Unset):
            details = UNSET
        else:
            details = ErrorEnvelopeErrorDetails.from_dict(_details)

        error_envelope_error = cls(
            code=code,
            message=message,
            next_step=next_step,
            details=details,
        )

        return error_envelope_error
