"""The audit/recording layer: orchestration events, self_evaluation channels, the rule score and
the run finaliser. Below the graph and the run services; imports only models and pure code."""
