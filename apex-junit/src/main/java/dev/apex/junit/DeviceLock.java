package dev.apex.junit;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.parallel.ResourceLocksProvider;

/**
 * One JUnit resource lock per device selector, so that tests on the same device run one at a time
 * even when JUnit runs tests in parallel ({@code junit.jupiter.execution.parallel.enabled}); tests
 * on other devices, and tests without apex, still run beside them.
 */
public final class DeviceLock implements ResourceLocksProvider {

  /** The lock's key for {@code selector}, e.g. {@code apex.device:sim}. */
  public static String key(String selector) {
    return "apex.device:" + selector;
  }

  @Override
  public Set<Lock> provideForClass(Class<?> testClass) {
    return lock();
  }

  @Override
  public Set<Lock> provideForNestedClass(
      List<Class<?>> enclosingInstanceTypes, Class<?> testClass) {
    return lock();
  }

  @Override
  public Set<Lock> provideForMethod(
      List<Class<?>> enclosingInstanceTypes, Class<?> testClass, Method testMethod) {
    return lock();
  }

  private static Set<Lock> lock() {
    return Set.of(new Lock(key(ApexOptions.selectorFromSystem())));
  }
}
