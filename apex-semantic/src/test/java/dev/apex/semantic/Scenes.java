package dev.apex.semantic;

import dev.apex.core.Bounds;
import dev.apex.core.ElementFlag;
import dev.apex.core.Json;
import dev.apex.core.Scene;
import dev.apex.core.SceneElement;
import dev.apex.core.Source;
import dev.apex.llm.SemanticScene;
import java.util.List;
import java.util.Set;

/**
 * Small scenes and model replies for the tests; apex-anthropic's tests use them too, through this
 * module's test jar.
 */
public final class Scenes {

  private Scenes() {}

  public static Scene login() {
    return new Scene(
        1080,
        2400,
        List.of(
            new SceneElement(
                "0", "layout", new Bounds(0, 0, 1080, 2400), "", 1.0, Source.TREE, "", Set.of()),
            element("0/0/email", "input", "Email", "com.app:id/email", ElementFlag.EDITABLE),
            element("0/0/password", "input", "Password", "com.app:id/pass", ElementFlag.EDITABLE),
            element("0/0/submit", "button", "Sign in", "com.app:id/login", ElementFlag.CLICKABLE),
            element("0/0/forgot", "text", "Forgot password?", "", ElementFlag.CLICKABLE)));
  }

  private static SceneElement element(
      String id, String type, String text, String resourceId, ElementFlag flag) {
    return new SceneElement(
        id, type, new Bounds(40, 400, 1040, 520), text, 1.0, Source.TREE, resourceId, Set.of(flag));
  }

  /** A well-formed reply for {@link #login()}. */
  public static SemanticScene loginReply() {
    return new SemanticScene(
        "login",
        List.of("sign in", "reset password"),
        List.of(
            new SemanticScene.Widget("0/0/email", "enter the account email"),
            new SemanticScene.Widget("0/0/password", "enter the password"),
            new SemanticScene.Widget("0/0/submit", "submit the login form")));
  }

  public static String json(SemanticScene reply) {
    return Json.write(reply);
  }
}
