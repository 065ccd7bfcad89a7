package dev.apex.mcp;

import io.modelcontextprotocol.spec.McpSchema;

/** placeholder */
final class RequestCheck {
  private RequestCheck() {}

  static String problem(McpSchema.JSONRPCRequest request) {
    return null;
  }
}
