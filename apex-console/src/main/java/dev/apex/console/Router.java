package dev.apex.console;

import dev.apex.core.InvalidInputException;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The console's one Jetty handler: reads the request body ({@link RequestBody}, within the request
 * timeout, holding no thread while it arrives), checks Host and Origin on every request (403), the
 * token on every protected route (401), dispatches by method and path, adds the security headers,
 * and turns exceptions into JSON errors — {@link HttpError} as given, {@link InvalidInputException}
 * as 400, a failure the {@linkplain #onFailure failure translator} knows (the timeline unreachable:
 * 503) as it says, anything else as a 500 whose details go only to the log. Logs name the path,
 * never the query (it may hold the token). A request whose body is late is not answered: its
 * connection is closed. Once the body is in, the handler runs to its end on a pool thread, whatever
 * the idle timeout (only a write the client does not take fails then). Routes are added before the
 * server starts; thread-safe after that.
 */
final class Router extends Handler.Abstract {

  /** Answers one matched request. */
  @FunctionalInterface
  interface Answer {
    void handle(Call call) throws IOException;
  }

  private record Route(String method, Pattern path, boolean needsToken, Answer answer) {}

  static final String CONTENT_SECURITY_POLICY =
      "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self';"
          + " connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

  private static final Logger log = LoggerFactory.getLogger(Router.class);

  private final AccessGuard guard;
  private final Duration requestTimeout;
  private final List<Route> routes = new ArrayList<>();
  private Function<RuntimeException, Optional<HttpError>> translator = e -> Optional.empty();

  /**
   * @param requestTimeout how long a request's body may take to arrive once its headers have
   */
  Router(AccessGuard guard, Duration requestTimeout) {
    this.guard = guard;
    this.requestTimeout = requestTimeout;
  }

  /** A route that needs the token; {@code regex} matches the whole raw path. */
  Router route(String method, String regex, Answer answer) {
    routes.add(new Route(method, Pattern.compile(regex), true, answer));
    return this;
  }

  /**
   * Sets what turns a route's unexpected failure into an answer of its own (empty: a 500), e.g. the
   * timeline unreachable into a 503. Must not throw.
   */
  Router onFailure(Function<RuntimeException, Optional<HttpError>> translator) {
    this.translator = translator;
    return this;
  }

  /** A route anyone on an allowed Host may call: the UI's static files and the token exchange. */
  Router open(String method, String regex, Answer answer) {
    routes.add(new Route(method, Pattern.compile(regex), false, answer));
    return this;
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) {
    addSecurityHeaders(response.getHeaders());
    RequestBody.read(request, Call.MAX_BODY_BYTES + 1, requestTimeout, getServer().getScheduler())
        .whenComplete(
            (body, late) -> {
              if (late != null) {
                String path = request.getHttpURI().getPath();
                log.debug("{} {}: the body did not arrive ({})", request.getMethod(), path, late);
                request.getConnectionMetaData().getConnection().getEndPoint().close(late);
                callback.failed(late);
                return;
              }
              // From here on the request is the console's: an idle pause of its own is no failure.
              request.addIdleTimeoutListener(idle -> false);
              dispatch(request, response, callback, body);
            });
    return true;
  }

  private void dispatch(Request request, Response response, Callback callback, byte[] body) {
    String path = request.getHttpURI().getPath();
    String method = request.getMethod();
    Call outside = new Call(request, response, null, body);
    try {
      route(request, response, body, path, method);
      callback.succeeded();
    } catch (HttpError e) {
      answer(outside, callback, e.status(), e.getMessage(), e.fields());
    } catch (InvalidInputException e) {
      answer(outside, callback, 400, e.getMessage(), Map.of());
    } catch (IOException e) {
      log.debug("{} {}: the client went away ({})", method, path, e.toString());
      callback.failed(e);
    } catch (RuntimeException e) {
      Optional<HttpError> known = translator.apply(e);
      if (known.isPresent()) {
        log.debug("{} {}: {}", method, path, known.get().getMessage());
        response.getHeaders().put("Retry-After", "2");
        answer(
            outside,
            callback,
            known.get().status(),
            known.get().getMessage(),
            known.get().fields());
        return;
      }
      log.warn("{} {} failed", method, path, e);
      answer(outside, callback, 500, "the console failed to answer; its log says why", Map.of());
    }
  }

  private void route(Request request, Response response, byte[] body, String path, String method)
      throws IOException {
    Optional<String> refusal = guard.refusal(request.getHeaders());
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
        if (route.needsToken() && !guard.authenticated(request.getHeaders())) {
          response.getHeaders().put("WWW-Authenticate", "Bearer");
          throw new HttpError(
              401, "open the console with the URL apex console printed (it holds the token)");
        }
        route.answer().handle(new Call(request, response, matcher, body));
        return;
      }
    }
    if (allowed.isEmpty()) {
      throw HttpError.notFound("nothing at " + path);
    }
    response.getHeaders().put("Allow", String.join(", ", allowed));
    throw new HttpError(405, method + " is not allowed here; use " + String.join(" or ", allowed));
  }

  private static void answer(
      Call call, Callback callback, int status, String message, Map<String, String> fields) {
    try {
      call.error(status, message, fields);
      callback.succeeded();
    } catch (IOException | RuntimeException e) {
      // Headers already sent (an event stream) or the client left: nothing more to say.
      log.debug("cannot send {} to the client ({})", status, e.toString());
      callback.failed(e);
    }
  }

  static void addSecurityHeaders(HttpFields.Mutable headers) {
    headers.put("X-Content-Type-Options", "nosniff");
    headers.put("X-Frame-Options", "DENY");
    headers.put("Referrer-Policy", "no-referrer");
    headers.put("Cache-Control", "no-store");
    headers.put("Content-Security-Policy", CONTENT_SECURITY_POLICY);
  }
}
