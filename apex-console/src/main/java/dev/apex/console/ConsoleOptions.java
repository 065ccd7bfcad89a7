package dev.apex.console;

import dev.apex.config.ApexConfigStore;
import dev.apex.core.Secrets;
import dev.apex.device.DeviceEnumeration;
import dev.apex.device.DeviceListing;
import dev.apex.storage.Timeline;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * How to run a console. Build with {@link #builder}; only the timeline and the config store are
 * required.
 *
 * @param host the address to bind; default {@value #DEFAULT_HOST}. Anything but a loopback address
 *     needs {@code allowRemote}
 * @param port the port; default {@value #DEFAULT_PORT}; 0 picks a free one
 * @param allowRemote whether a non-loopback {@code host} may be bound
 * @param timeline the timeline to show (the console only reads it, and records the tasks it starts
 *     itself); its owner closes it after {@link ConsoleServer#stop()}
 * @param config the settings shown and changed on the config page, and given to each task started
 * @param devices the device selectors reachable now, asked on each status call; may be slow but
 *     must not throw
 * @param deviceList every device the runtime can reach, probed on each {@code GET /api/devices}
 *     ({@link dev.apex.device.DeviceEnumeration}); default: the config's device settings, probed
 *     with the default deadline
 * @param launcher starts tasks in this process, or null to make the console read-only (starting a
 *     task then answers 503)
 * @param version the apex version shown in the status
 * @param pollInterval how often the timeline is polled for the event stream; default 500 ms
 * @param confirmationTimeout how long a task's sensitive action waits for a person to allow it in
 *     the UI before it is refused; default 2 minutes; zero refuses at once
 * @param requestTimeout how long a connection may stay silent (Jetty's idle timeout: a stalled
 *     request line or headers, an idle keep-alive connection) and how long a request's body may
 *     take to arrive once its headers have; a slower client is disconnected; default {@code 10 s}
 * @param eventHeartbeat how often an idle event stream sends a comment line; a stream whose client
 *     has gone is noticed (and its slot freed) at the latest two heartbeats after it left; default
 *     {@code 2 s}
 * @param inspectorIdleTimeout how long an inspector session holds its device without a call before
 *     it is closed; default {@code 10 min}
 * @param token the access token ({@code APEX_CONSOLE_TOKEN}), or null for a new random one at each
 *     start; at least {@value #MIN_TOKEN_LENGTH} URL-safe characters. Never in {@link #toString}
 * @param publicUrl where a reverse proxy serves the console to its users ({@code
 *     https://apex.example.com}): its Host and Origin are accepted beside the bound address's, and
 *     {@link ConsoleServer#url()} names it; null for none
 */
public record ConsoleOptions(
    String host,
    int port,
    boolean allowRemote,
    Timeline timeline,
    ApexConfigStore config,
    Supplier<List<String>> devices,
    Supplier<List<DeviceListing>> deviceList,
    TaskLauncher launcher,
    String version,
    Duration pollInterval,
    Duration confirmationTimeout,
    Duration requestTimeout,
    Duration eventHeartbeat,
    Duration inspectorIdleTimeout,
    String token,
    URI publicUrl) {

  /** The shortest token accepted: 32 characters, e.g. {@code openssl rand -hex 16}. */
  public static final int MIN_TOKEN_LENGTH = 32;

  private static final java.util.regex.Pattern TOKEN =
      java.util.regex.Pattern.compile("[A-Za-z0-9._~-]{" + MIN_TOKEN_LENGTH + ",512}");

  public static final String DEFAULT_HOST = "127.0.0.1";
  public static final int DEFAULT_PORT = 7070;
  public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(10);
  public static final Duration DEFAULT_EVENT_HEARTBEAT = Duration.ofSeconds(2);
  public static final Duration DEFAULT_INSPECTOR_IDLE_TIMEOUT = Duration.ofMinutes(10);

  public ConsoleOptions {
    Objects.requireNonNull(host, "host");
    if (host.isBlank()) {
      throw new IllegalArgumentException("host must not be blank (e.g. " + DEFAULT_HOST + ")");
    }
    if (port < 0 || port > 65_535) {
      throw new IllegalArgumentException("port must be in [0, 65535], was " + port);
    }
    Objects.requireNonNull(timeline, "timeline");
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(devices, "devices");
    Objects.requireNonNull(deviceList, "deviceList");
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(pollInterval, "pollInterval");
    if (pollInterval.toMillis() < 10) {
      throw new IllegalArgumentException(
          "pollInterval must be at least 10 ms, was " + pollInterval);
    }
    Objects.requireNonNull(confirmationTimeout, "confirmationTimeout");
    if (confirmationTimeout.isNegative()) {
      throw new IllegalArgumentException(
          "confirmationTimeout must not be negative, was " + confirmationTimeout);
    }
    requirePositive(requestTimeout, "requestTimeout");
    requirePositive(eventHeartbeat, "eventHeartbeat");
    requirePositive(inspectorIdleTimeout, "inspectorIdleTimeout");
    if (token != null && !TOKEN.matcher(token).matches()) {
      // The message names the rule, never the value: a wrong token may be a real one mistyped.
      throw new IllegalArgumentException(
          "APEX_CONSOLE_TOKEN must be "
              + MIN_TOKEN_LENGTH
              + " to 512 characters of A-Z a-z 0-9 . _ ~ - (it has "
              + token.length()
              + "); make one with: openssl rand -hex 32");
    }
  }

  /**
   * {@code text} as a public URL: http or https, a host, an optional port, nothing else (the
   * console is served at the root of its origin).
   *
   * @throws IllegalArgumentException in one line naming {@code --public-url}
   */
  public static URI publicUrl(String text) {
    try {
      URI uri = new URI(text.strip());
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      String path = uri.getRawPath() == null ? "" : uri.getRawPath();
      if ((scheme.equals("http") || scheme.equals("https"))
          && uri.getHost() != null
          && uri.getRawUserInfo() == null
          && (path.isEmpty() || path.equals("/"))
          && uri.getRawQuery() == null
          && uri.getRawFragment() == null) {
        return new URI(scheme, null, uri.getHost(), uri.getPort(), null, null, null);
      }
    } catch (URISyntaxException e) {
      // Answered below.
    }
    throw new IllegalArgumentException(
        "--public-url must be http(s)://HOST[:PORT] with no path, e.g. https://apex.example.com;"
            + " was "
            + Secrets.withoutUserInfo(text));
  }

  /** The options, with the token (if any) shown only as set. */
  @Override
  public String toString() {
    return "ConsoleOptions[host="
        + host
        + ", port="
        + port
        + ", allowRemote="
        + allowRemote
        + ", version="
        + version
        + ", token="
        + (token == null ? "random" : "set")
        + ", publicUrl="
        + publicUrl
        + "]";
  }

  private static void requirePositive(Duration value, String name) {
    Objects.requireNonNull(value, name);
    if (value.toMillis() < 1) {
      throw new IllegalArgumentException(name + " must be at least 1 ms, was " + value);
    }
  }

  public static Builder builder(Timeline timeline, ApexConfigStore config) {
    return new Builder(timeline, config);
  }

  /** Configures {@link ConsoleOptions}. Not thread-safe. */
  public static final class Builder {
    private final Timeline timeline;
    private final ApexConfigStore config;
    private String host = DEFAULT_HOST;
    private int port = DEFAULT_PORT;
    private boolean allowRemote;
    private Supplier<List<String>> devices = List::of;
    private Supplier<List<DeviceListing>> deviceList;
    private TaskLauncher launcher;
    private String version = "dev";
    private Duration pollInterval = Duration.ofMillis(500);
    private Duration confirmationTimeout = ConsoleConfirmer.DEFAULT_TIMEOUT;
    private Duration requestTimeout = DEFAULT_REQUEST_TIMEOUT;
    private Duration eventHeartbeat = DEFAULT_EVENT_HEARTBEAT;
    private Duration inspectorIdleTimeout = DEFAULT_INSPECTOR_IDLE_TIMEOUT;
    private String token;
    private URI publicUrl;

    private Builder(Timeline timeline, ApexConfigStore config) {
      this.timeline = Objects.requireNonNull(timeline, "timeline");
      this.config = Objects.requireNonNull(config, "config");
    }

    public Builder host(String host) {
      this.host = host;
      return this;
    }

    public Builder port(int port) {
      this.port = port;
      return this;
    }

    /** Allows binding an address other than loopback ({@code --allow-remote}). */
    public Builder allowRemote(boolean allowRemote) {
      this.allowRemote = allowRemote;
      return this;
    }

    public Builder devices(Supplier<List<String>> devices) {
      this.devices = devices;
      return this;
    }

    /** Lists the devices for {@code GET /api/devices}; each call may probe for seconds. */
    public Builder deviceList(Supplier<List<DeviceListing>> deviceList) {
      this.deviceList = deviceList;
      return this;
    }

    public Builder launcher(TaskLauncher launcher) {
      this.launcher = launcher;
      return this;
    }

    public Builder version(String version) {
      this.version = version;
      return this;
    }

    public Builder pollInterval(Duration pollInterval) {
      this.pollInterval = pollInterval;
      return this;
    }

    /** How long a sensitive action waits for the UI's Allow before it is refused. */
    public Builder confirmationTimeout(Duration confirmationTimeout) {
      this.confirmationTimeout = confirmationTimeout;
      return this;
    }

    /** How long a client may take to send a request once it has started. */
    public Builder requestTimeout(Duration requestTimeout) {
      this.requestTimeout = requestTimeout;
      return this;
    }

    /** How often an idle event stream checks that its client is still there. */
    public Builder eventHeartbeat(Duration eventHeartbeat) {
      this.eventHeartbeat = eventHeartbeat;
      return this;
    }

    /** How long an inspector session may go without a call before its device is released. */
    public Builder inspectorIdleTimeout(Duration inspectorIdleTimeout) {
      this.inspectorIdleTimeout = inspectorIdleTimeout;
      return this;
    }

    /**
     * The access token (a deployed console's {@code APEX_CONSOLE_TOKEN}); null or blank for a new
     * random one at each start.
     */
    public Builder token(String token) {
      this.token = token == null || token.isBlank() ? null : token;
      return this;
    }

    /** Where a reverse proxy serves the console, e.g. {@code https://apex.example.com}; or null. */
    public Builder publicUrl(URI publicUrl) {
      this.publicUrl = publicUrl;
      return this;
    }

    public ConsoleOptions build() {
      return new ConsoleOptions(
          host,
          port,
          allowRemote,
          timeline,
          config,
          devices,
          deviceList != null
              ? deviceList
              : () ->
                  DeviceEnumeration.list(
                      config.current().device().options(null, null, System.getenv()),
                      DeviceEnumeration.DEFAULT_DEADLINE),
          launcher,
          version,
          pollInterval,
          confirmationTimeout,
          requestTimeout,
          eventHeartbeat,
          inspectorIdleTimeout,
          token,
          publicUrl);
    }
  }
}
