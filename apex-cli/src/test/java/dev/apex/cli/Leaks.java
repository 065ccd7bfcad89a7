package dev.apex.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Test keys and how much of one a text still holds. Every Anthropic key starts with the same 13
 * characters ({@value #PREFIX}), so a leak is a run of 12 characters of a key that is not wholly
 * inside that prefix, found ignoring case.
 */
final class Leaks {

  static final String PREFIX = "sk-ant-api03-";
  static final int RUN = 12;
  private static final String ALPHABET =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  private static final SecureRandom RANDOM = new SecureRandom();

  private Leaks() {}

  /** A key of {@code length} characters, random after {@value #PREFIX}. */
  static String key(int length) {
    StringBuilder key = new StringBuilder(PREFIX);
    while (key.length() < length) {
      key.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
    }
    return key.toString();
  }

  /** The runs of {@code secret} a leak is made of: every 12-character run not inside the prefix. */
  static List<String> runs(String secret) {
    int shared = secret.startsWith(PREFIX) ? PREFIX.length() : 0;
    List<String> runs = new ArrayList<>();
    for (int i = 0; i + RUN <= secret.length(); i++) {
      if (i + RUN > shared) {
        runs.add(secret.substring(i, i + RUN).toLowerCase(Locale.ROOT));
      }
    }
    if (runs.isEmpty()) {
      runs.add(secret.toLowerCase(Locale.ROOT));
    }
    return runs;
  }

  /** How many occurrences of runs of {@code secret} {@code text} holds. */
  static int count(String text, String secret) {
    String lower = text.toLowerCase(Locale.ROOT);
    int count = 0;
    for (String run : runs(secret)) {
      for (int at = lower.indexOf(run); at >= 0; at = lower.indexOf(run, at + 1)) {
        count++;
      }
    }
    return count;
  }

  /**
   * The bytes of the database {@code db} and of its {@code -wal}, {@code -shm} and {@code -journal}
   * files, where present, read as Latin-1 so that any ASCII run shows as itself.
   */
  static String databaseFiles(Path db) {
    StringBuilder all = new StringBuilder();
    try (Stream<Path> files = Files.list(db.getParent())) {
      for (Path file :
          files.filter(f -> f.getFileName().toString().startsWith(name(db))).toList()) {
        all.append(new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1)).append('\n');
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return all.toString();
  }

  private static String name(Path db) {
    return db.getFileName().toString();
  }
}
