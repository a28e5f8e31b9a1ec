from typing import Literal

ContractAuthorizationType = Literal["EXTERNAL", "SKIP", "SMS_PIN"]

CONTRACT_AUTHORIZATION_TYPE_VALUES: set[ContractAuthorizationType] = {
    "EXTERNAL",
    "SKIP",
    "SMS_PIN",
}


def check_contract_authorization_type(value: str) -> ContractAuthorizationType:
    if value in CONTRACT_AUTHORIZATION_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CONTRACT_AUTHORIZATION_TYPE_VALUES!r}"
    )
