package dev.apex.mcp;

import dev.apex.core.Secrets;
import dev.apex.core.Text;
import dev.apex.runtime.safety.Confirmer;
import dev.apex.runtime.safety.OriginRule;
import dev.apex.runtime.safety.SensitiveAction;
import dev.apex.runtime.safety.SensitiveKind;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks the MCP client's user to confirm a sensitive action through elicitation ({@code
 * elicitation/create}, a form with one yes/no field), on the exchange of the tool call that is
 * running. A client that cannot elicit gets a refusal its model can read, naming the user's remedy.
 * The server runs one call at a time, so one exchange is bound at a time; {@link #confirm} and
 * {@link #refusal} run on the session's loop thread, one after the other.
 */
final class McpConfirmer implements Confirmer {

  private static final Logger log = LoggerFactory.getLogger(McpConfirmer.class);

  static final String FIELD = "allow";

  private static final Map<String, Object> SCHEMA =
      Map.of(
          "type",
          "object",
          "properties",
          Map.of(FIELD, Map.of("type", "boolean", "title", "Allow this action", "default", false)),
          "required",
          List.of(FIELD));

  private enum Why {
    DECLINED,
    CANNOT_ASK,
    ASK_FAILED
  }

  private volatile McpSyncServerExchange exchange;
  private volatile Why why = Why.CANNOT_ASK;
  private volatile String failure = "";

  /** The exchange of the call now running, or null between calls. */
  void bind(McpSyncServerExchange value) {
    exchange = value;
  }

  /** Whether the client of {@code exchange} said it can elicit (a form). */
  static boolean canElicit(McpSyncServerExchange exchange) {
    if (exchange == null) {
      return false;
    }
    McpSchema.ClientCapabilities caps = exchange.getClientCapabilities();
    return caps != null && caps.elicitation() != null;
  }

  @Override
  public boolean confirm(SensitiveAction action) {
    McpSyncServerExchange current = exchange;
    if (!canElicit(current)) {
      why = Why.CANNOT_ASK;
      return false;
    }
    String message =
        "apex: the agent wants to "
            + action.describe()
            + ". This is sensitive: allow it once on the device?";
    try {
      McpSchema.ElicitResult answer =
          current.createElicitation(
              McpSchema.ElicitFormRequest.builder(Secrets.redact(message), SCHEMA).build());
      boolean yes =
          answer.action() == McpSchema.ElicitResult.Action.ACCEPT
              && answer.content() != null
              && Boolean.TRUE.equals(answer.content().get(FIELD));
      if (!yes) {
        why = Why.DECLINED;
      }
      return yes;
    } catch (RuntimeException e) {
      // A client that timed out or failed to answer: nobody said yes.
      why = Why.ASK_FAILED;
      failure = Text.oneLine(Secrets.redact(String.valueOf(e.getMessage())), 160);
      log.warn("asking the MCP client to confirm {} failed: {}", action.describe(), failure);
      return false;
    }
  }

  @Override
  public String refusal(SensitiveAction action) {
    return switch (why) {
      case DECLINED ->
          "the user declined it in the MCP client; do not retry it unless the user asks";
      case CANNOT_ASK ->
          "this MCP client cannot ask the user (it does not support elicitation), so apex refused"
              + " it. Tell the user; "
              + remedy(action);
      case ASK_FAILED ->
          "asking the user through the MCP client failed (" + failure + "); " + remedy(action);
    };
  }

  /** What the user can do so that the action runs. */
  static String remedy(SensitiveAction action) {
    if (action.kind() == SensitiveKind.URL_OPEN) {
      return "to let it open without asking, the user restarts apex mcp with "
          + OriginRule.FLAG
          + " "
          + OriginRule.origin(action)
          + " (or adds it to "
          + OriginRule.CONFIG_KEY
          + " in apex's config.json)";
    }
    if (action.kind() == SensitiveKind.APP_LAUNCH) {
      return "to let it launch without asking, the user restarts apex mcp with --allow-app "
          + action.target()
          + " (or adds it to planner.allowed_apps in apex's config.json)";
    }
    return "the user can do it on the device themselves, use an MCP client that supports"
        + " elicitation, or allow \""
        + action.kind().code()
        + "\" in planner.allowed_actions of apex's config.json and restart apex mcp";
  }
}
