"""Two tests that tests/test_testing_faults_parallel.py runs side by side under `pytest -n 2`."""
