"""Put this folder first on the child's PYTHONPATH: its sitecustomize.py loads the probe."""
