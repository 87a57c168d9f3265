"""Evidence tools (DESIGN §4, §7): lookup_knowledge, query_logs, query_metrics and the helper
get_current_time; each a pure-ish function over a backend interface, executed and persisted as
a ToolInvocation by ``diagnosis.tools.service.tool_invocation_execute``."""
