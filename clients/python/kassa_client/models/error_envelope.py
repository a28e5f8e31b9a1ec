from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.error_envelope_error import ErrorEnvelopeError


T = TypeVar("T", bound="ErrorEnvelope")


@_attrs_define
class ErrorEnvelope:
    """
    Attributes:
        success (bool):
        error (ErrorEnvelopeError):
    """

    success: bool
    error: ErrorEnvelopeError

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        error = self.error.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "success": success,
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.error_envelope_error import ErrorEnvelopeError

        d = dict(src_dict)
        success = d.pop("success")

        error = ErrorEnvelopeError.from_dict(d.pop("error"))

        error_envelope = cls(
            success=success,
            error=error,
        )

        return error_envelope
