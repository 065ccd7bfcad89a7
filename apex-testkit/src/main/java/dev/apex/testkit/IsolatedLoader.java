package dev.apex.testkit;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;

/**
 * A class loader that loads the test class path itself (the platform's classes from its parent), so
 * the classes it has loaded are exactly those the code run in it caused: how a test shows that a
 * feature left off loads none of its library ({@code io.opentelemetry} without {@code OTEL_*}).
 */
public final class IsolatedLoader extends URLClassLoader {

  public IsolatedLoader() {
    super(classPath(), ClassLoader.getPlatformClassLoader());
  }

  /** Whether this loader has loaded the class named {@code name}. */
  public boolean loaded(String name) {
    return findLoadedClass(name) != null;
  }

  private static URL[] classPath() {
    List<URL> urls = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      try {
        urls.add(new File(entry).toURI().toURL());
      } catch (MalformedURLException e) {
        throw new IllegalStateException(e);
      }
    }
    return urls.toArray(URL[]::new);
  }
}
