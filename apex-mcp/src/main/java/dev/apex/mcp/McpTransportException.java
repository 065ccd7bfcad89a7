package dev.apex.mcp;

import dev.apex.core.NonRetriableException;

/**
 * The MCP SDK's transport stopped before the client closed stdin: nothing more could be read or
 * answered. {@link ApexMcpServer#serve} throws it after recording the session's task {@code ENDED}
 * with why, so {@code apex mcp} exits non-zero (1) instead of serving nobody.
 */
public final class McpTransportException extends NonRetriableException {

  public McpTransportException(String message) {
    super(message);
  }
}
