package dev.apex.otel;

import dev.apex.core.RawCapture;
import dev.apex.core.ScreenSize;
import dev.apex.core.Secrets;
import dev.apex.device.Device;
import dev.apex.device.ForwardingDevice;
import dev.apex.device.Key;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A device that makes a span per command, {@code apex.device.<command>}, under the step its task is
 * on: the command, the device id, and sizes (bytes captured, characters typed), never the text
 * typed or shown. A gesture of a role interface ({@link Device#role}) is a command too. A command
 * that throws ends its span with the exception's type; the exception goes on unchanged.
 */
final class TracedDevice extends ForwardingDevice {

  private final ActiveTasks tasks;
  private final String id;

  TracedDevice(Device delegate, ActiveTasks tasks) {
    super(delegate);
    this.tasks = tasks;
    this.id = Secrets.redact(delegate.id());
  }

  @Override
  public RawCapture capture() {
    return traced("capture", d -> d.capture(), TracedDevice::sizes);
  }

  @Override
  public RawCapture captureTree() {
    return traced("capture_tree", d -> d.captureTree(), TracedDevice::sizes);
  }

  @Override
  public void tap(int x, int y) {
    run("tap", span -> delegate().tap(x, y));
  }

  @Override
  public void swipe(int fromX, int fromY, int toX, int toY, Duration duration) {
    run("swipe", span -> delegate().swipe(fromX, fromY, toX, toY, duration));
  }

  @Override
  public void typeText(String text) {
    run(
        "type_text",
        span -> {
          span.setAttribute(Names.TEXT_CHARS, text == null ? 0 : text.length());
          delegate().typeText(text);
        });
  }

  @Override
  public void pressKey(Key key) {
    run(
        "press_key",
        span -> {
          span.setAttribute(Names.KEY, String.valueOf(key));
          delegate().pressKey(key);
        });
  }

  @Override
  public void launchApp(String appId) {
    run(
        "launch_app",
        span -> {
          span.setAttribute(Names.APP_ID, Secrets.redact(String.valueOf(appId)));
          delegate().launchApp(appId);
        });
  }

  @Override
  public void terminateApp(String appId) {
    run(
        "terminate_app",
        span -> {
          span.setAttribute(Names.APP_ID, Secrets.redact(String.valueOf(appId)));
          delegate().terminateApp(appId);
        });
  }

  @Override
  public Optional<String> currentApp() {
    return traced("current_app", Device::currentApp, (span, app) -> {});
  }

  @Override
  public ScreenSize screenSize() {
    return traced("screen_size", Device::screenSize, (span, size) -> {});
  }

  /**
   * Closing is a command of the task or command span it is made under; after its task ended (an
   * agent closing the device it opened) it makes no span, rather than a trace of its own.
   */
  @Override
  public void close() {
    if (!tasks.hasWorkParent()) {
      delegate().close();
      return;
    }
    run("close", span -> delegate().close());
  }

  /** The role as the device behind has it, each of its gestures a traced command. */
  @Override
  public <T> Optional<T> role(Class<T> role) {
    return delegate()
        .role(role)
        .map(gestures -> role.isInterface() ? proxy(role, gestures) : gestures);
  }

  private <T> T proxy(Class<T> role, T gestures) {
    Object proxy =
        Proxy.newProxyInstance(
            role.getClassLoader(),
            new Class<?>[] {role},
            (self, method, args) -> {
              if (method.getDeclaringClass() == Object.class) {
                return method.invoke(gestures, args);
              }
              return traced(
                  snake(method.getName()),
                  d -> {
                    try {
                      return method.invoke(gestures, args);
                    } catch (IllegalAccessException e) {
                      throw new IllegalStateException(e);
                    } catch (InvocationTargetException e) {
                      throw sneaky(e.getCause());
                    }
                  },
                  (span, none) -> {});
            });
    return role.cast(proxy);
  }

  /**
   * Rethrows what the gesture threw, unchanged (the role interfaces declare no checked exception,
   * so it is a runtime exception or an error); typed to be thrown at the call.
   */
  @SuppressWarnings("unchecked")
  private static <E extends Throwable> RuntimeException sneaky(Throwable t) throws E {
    throw (E) t;
  }

  private static String snake(String name) {
    return name.replaceAll("([a-z])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT);
  }

  private static void sizes(Span span, RawCapture capture) {
    span.setAttribute(Names.TREE_BYTES, capture.tree().length);
    if (capture.screenshot() != null) {
      span.setAttribute(Names.IMAGE_BYTES, capture.screenshot().length);
    }
  }

  private void run(String command, Consumer<Span> call) {
    traced(
        command,
        d -> {
          call.accept(Span.current());
          return null;
        },
        (span, none) -> {});
  }

  private <T> T traced(String command, Function<Device, T> call, BiConsumer<Span, T> after) {
    Span span =
        tasks
            .tracer()
            .spanBuilder(Names.DEVICE + "." + command)
            .setParent(tasks.workParent())
            .setAttribute(Names.DEVICE_COMMAND, command)
            .setAttribute(Names.DEVICE_ID, id)
            .startSpan();
    try (Scope ignored = span.makeCurrent()) {
      T value = call.apply(delegate());
      after.accept(span, value);
      return value;
    } catch (RuntimeException | Error e) {
      span.setStatus(StatusCode.ERROR);
      span.setAttribute(Names.ERROR_TYPE, e.getClass().getName());
      throw e;
    } finally {
      span.end();
    }
  }
}
