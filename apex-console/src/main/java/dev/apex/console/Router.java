package dev.apex.console;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import dev.apex.core.InvalidInputException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The console's one HTTP handler: checks Host and Origin on every request (403), the token on every
 * protected route (401), dispatches by method and path, adds the security headers, and turns
 * exceptions into JSON errors — {@link HttpError} as given, {@link InvalidInputException} as 400,
 * anything else as a 500 whose details go only to the log. Logs name the path, never the query (it
 * may hold the token). Routes are added before the server starts; thread-safe after that.
 */
final class Router implements HttpHandler {

  /** Answers one matched request. */
  @FunctionalInterface
  interface Handler {
    void handle(Call call) throws IOException;
  }

  private record Route(String method, Pattern path, boolean needsToken, Handler handler) {}

  static final String CONTENT_SECURITY_POLICY =
      "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self';"
          + " connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

  private static final Logger log = LoggerFactory.getLogger(Router.class);

  private final AccessGuard guard;
  private final List<Route> routes = new ArrayList<>();

  Router(AccessGuard guard) {
    this.guard = guard;
  }

  /** A route that needs the token; {@code regex} matches the whole raw path. */
  Router route(String method, String regex, Handler handler) {
    routes.add(new Route(method, Pattern.compile(regex), true, handler));
    return this;
  }

  /** A route anyone on an allowed Host may call: the UI's static files and the token exchange. */
  Router open(String method, String regex, Handler handler) {
    routes.add(new Route(method, Pattern.compile(regex), false, handler));
    return this;
  }

  @Override
  public void handle(HttpExchange exchange) {
    String path = exchange.getRequestURI().getRawPath();
    String method = exchange.getRequestMethod();
    Call call = null;
    try {
      addSecurityHeaders(exchange.getResponseHeaders());
      Optional<String> refusal = guard.refusal(exchange.getRequestHeaders());
      if (refusal.isPresent()) {
        log.info("refused {} {}: {}", method, path, refusal.get());
        throw new HttpError(403, refusal.get());
      }
      Set<String> allowed = new LinkedHashSet<>();
      for (Route route : routes) {
        Matcher matcher = route.path().matcher(path);
        if (!matcher.matches()) {
          continue;
        }
        allowed.add(route.method());
        if (route.method().equals(method)
            || (method.equals("HEAD") && route.method().equals("GET"))) {
          if (route.needsToken() && !guard.authenticated(exchange.getRequestHeaders())) {
            exchange.getResponseHeaders().set("WWW-Authenticate", "Bearer");
            throw new HttpError(
                401, "open the console with the URL apex console printed (it holds the token)");
          }
          call = new Call(exchange, matcher);
          route.handler().handle(call);
          return;
        }
      }
      if (allowed.isEmpty()) {
        throw HttpError.notFound("nothing at " + path);
      }
      exchange.getResponseHeaders().set("Allow", String.join(", ", allowed));
      throw new HttpError(
          405, method + " is not allowed here; use " + String.join(" or ", allowed));
    } catch (HttpError e) {
      answer(exchange, e.status(), e.getMessage(), e.fields());
    } catch (InvalidInputException e) {
      answer(exchange, 400, e.getMessage(), Map.of());
    } catch (IOException e) {
      log.debug("{} {}: the client went away ({})", method, path, e.toString());
    } catch (RuntimeException e) {
      log.warn("{} {} failed", method, path, e);
      answer(exchange, 500, "the console failed to answer; its log says why", Map.of());
    } finally {
      exchange.close();
    }
  }

  private static void answer(
      HttpExchange exchange, int status, String message, Map<String, String> fields) {
    try {
      new Call(exchange, null).error(status, message, fields);
    } catch (IOException | RuntimeException e) {
      // Headers already sent (an event stream) or the client left: nothing more to say.
      log.debug("cannot send {} to the client ({})", status, e.toString());
    }
  }

  static void addSecurityHeaders(Headers headers) {
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("X-Frame-Options", "DENY");
    headers.set("Referrer-Policy", "no-referrer");
    headers.set("Cache-Control", "no-store");
    headers.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
  }
}
