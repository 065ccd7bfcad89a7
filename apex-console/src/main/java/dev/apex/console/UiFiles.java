package dev.apex.console;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;

/**
 * The UI: plain HTML, CSS and JS modules from the classpath ({@code /dev/apex/console/ui/}), no
 * build step. {@code GET /?token=…} trades a valid token for the session cookie and redirects to
 * {@code /}, so the token leaves the address bar and the history; {@code GET /} without the cookie
 * shows how to get in. The CSS and JS hold no data and are served to anyone on an allowed Host.
 */
final class UiFiles {

  private static final String ROOT = "/dev/apex/console/ui/";
  private static final String JS = "text/javascript; charset=utf-8";
  private static final Map<String, String> TYPES =
      Map.of(
          "app.js", JS,
          "common.js", JS,
          "pages.js", JS,
          "task.js", JS,
          "suites.js", JS,
          "step.js", JS,
          "inspector.js", JS,
          "app.css", "text/css; charset=utf-8",
          "favicon.svg", "image/svg+xml");

  private final AccessGuard guard;
  private final byte[] index = load("index.html");
  private final byte[] locked = load("locked.html");
  private final Map<String, byte[]> assets = new HashMap<>();

  UiFiles(AccessGuard guard) {
    this.guard = guard;
    TYPES.keySet().forEach(name -> assets.put(name, load(name)));
  }

  void register(Router router) {
    router.open("GET", "/", this::page).open("GET", "/ui/([a-z]+\\.[a-z]+)", this::asset);
  }

  private void page(Call call) throws IOException {
    String token = call.query("token");
    if (token != null) {
      if (guard.matches(token)) {
        call.addHeader("Set-Cookie", guard.setCookie());
        call.redirect("/");
        return;
      }
      call.bytes(401, "text/html; charset=utf-8", locked);
      return;
    }
    boolean in = guard.authenticated(call.requestHeaders());
    call.bytes(in ? 200 : 401, "text/html; charset=utf-8", in ? index : locked);
  }

  private void asset(Call call) throws IOException {
    String name = call.pathGroup(1);
    String type = TYPES.get(name);
    if (type == null) {
      throw HttpError.notFound("no UI file " + name);
    }
    call.bytes(200, type, assets.get(name));
  }

  private static byte[] load(String name) {
    try (InputStream in = UiFiles.class.getResourceAsStream(ROOT + name)) {
      if (in == null) {
        throw new IllegalStateException("UI file " + ROOT + name + " is missing from the jar");
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read UI file " + ROOT + name, e);
    }
  }
}
