package dev.apex.cli;

import picocli.CommandLine.IVersionProvider;

/** The version from the jar manifest, or "dev" when run from classes. */
final class Version implements IVersionProvider {

  static String current() {
    String v = Version.class.getPackage().getImplementationVersion();
    return v == null ? "0.1.0-dev" : v;
  }

  @Override
  public String[] getVersion() {
    return new String[] {"apex " + current()};
  }
}
