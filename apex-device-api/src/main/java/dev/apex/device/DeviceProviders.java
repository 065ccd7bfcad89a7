package dev.apex.device;

import dev.apex.core.InvalidInputException;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * Resolves a selector to a device through the {@link DeviceProvider}s on the classpath. A kind apex
 * knows whose module is absent fails naming the module to add.
 */
public final class DeviceProviders {

  /** The selector forms, as messages name them. */
  public static final String SELECTORS =
      "sim, android[:SERIAL], ios[:WDA_URL], web[:URL] or webdriver:ENDPOINT";

  /** The module each kind apex ships is in. */
  private static final Map<String, String> MODULES =
      Map.of(
          "sim", "apex-device",
          "android", "apex-device",
          "ios", "apex-device",
          "web", "apex-webdriver",
          "webdriver", "apex-webdriver");

  /** The providers on the classpath of this class's loader, by kind; loaded once. */
  private static volatile Map<String, DeviceProvider> loaded;

  private DeviceProviders() {}

  /** Every kind a provider on the classpath opens, with its provider. */
  public static Map<String, DeviceProvider> available() {
    Map<String, DeviceProvider> providers = loaded;
    if (providers == null) {
      Map<String, DeviceProvider> found = new TreeMap<>();
      for (DeviceProvider p :
          ServiceLoader.load(DeviceProvider.class, DeviceProviders.class.getClassLoader())) {
        for (String kind : p.kinds()) {
          found.putIfAbsent(kind, p);
        }
      }
      providers = Map.copyOf(found);
      loaded = providers;
    }
    return providers;
  }

  /**
   * The provider of the selector's kind.
   *
   * @throws InvalidInputException for an unknown kind, or one whose module is not on the classpath
   */
  public static DeviceProvider provider(DeviceSelector selector) {
    DeviceProvider provider = available().get(selector.kind());
    if (provider != null) {
      return provider;
    }
    String module = MODULES.get(selector.kind());
    if (module != null) {
      throw new InvalidInputException(
          "device kind '"
              + selector.kind()
              + "' needs the "
              + module
              + " module (dev.apex:"
              + module
              + "), which is not on the classpath: add it as a dependency");
    }
    throw new InvalidInputException("unknown device '" + selector.text() + "': use " + SELECTORS);
  }

  /** Checks a selector's form without connecting; throws what {@link #open} would for it. */
  public static void validate(String selector) {
    DeviceSelector parsed = DeviceSelector.parse(selector);
    provider(parsed).validate(parsed);
  }

  /**
   * The identity of the device {@code selector} names ({@link DeviceProvider#identity}): the same
   * for every selector of one device.
   */
  public static String identity(String selector, DeviceOptions options) {
    DeviceSelector parsed = DeviceSelector.parse(selector);
    DeviceProvider provider = provider(parsed);
    provider.validate(parsed);
    return provider.identity(parsed, options);
  }

  /** Opens the device {@code selector} names. */
  public static Device open(String selector, DeviceOptions options) {
    DeviceSelector parsed = DeviceSelector.parse(selector);
    DeviceProvider provider = provider(parsed);
    provider.validate(parsed);
    return provider.open(parsed, options);
  }
}
