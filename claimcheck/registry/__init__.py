"""The benchmark catalogue (data + pydantic models) and the label resolver."""
