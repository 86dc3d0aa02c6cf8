"""The catalogue of model families and vendors, and a recogniser for model names in table labels.

    from claimcheck.models import recognise, looks_like_model
    recognise("**Qwen2.5-7B-Instruct**")   # ModelName(family='qwen', vendor='alibaba', size='7B', ...)
    looks_like_model("GSM8K")              # False

The data is ``claimcheck/models/data/families.yaml``, validated by ``catalogue.py``.
"""

from claimcheck.models.catalogue import Family, FamilyCatalogue, Vendor, load_families
from claimcheck.models.names import ModelName, clean, looks_like_model, model_share, open_weights, recognise, same_vendor

__all__ = ["Family", "FamilyCatalogue", "ModelName", "Vendor", "clean", "load_families", "looks_like_model",
           "model_share", "open_weights", "recognise", "same_vendor"]
