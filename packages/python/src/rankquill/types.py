"""Every model of the API: answers as pydantic models, request bodies as TypedDicts.

Example:
    ```python
    from rankquill.types import ContentItem, Project
    ```
"""

from ._generated.models import *  # noqa: F403 - the generated package lists its names in __all__
from ._generated.models import __all__ as __all__
