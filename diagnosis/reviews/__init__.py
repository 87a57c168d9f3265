"""Reviewer labels and calibration (issue 14 item 3): what people judged of a run's verdict and
claims, and how often the system's verdicts agree with them."""
