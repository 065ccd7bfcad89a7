package dev.apex.bench;

import java.util.List;

/** What one metric (M1 to M10) measured, in the form the report renders. */
public interface MetricResult {

  /** {@code M1} to {@code M10}. */
  String id();

  /** A short title, e.g. {@code Compression}. */
  String title();

  /** How it was measured, in a paragraph of Markdown. */
  String method();

  List<Table> tables();

  /** The goals and aims of this metric; empty when it is only reported. */
  List<Goal> goals();
}
