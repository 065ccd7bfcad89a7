package dev.apex.device.web;

import org.junit.jupiter.api.Tag;

/** The Device contract on Chromium, starting on a modal dialog open over the page. */
@Tag("e2e")
class ChromiumDialogContractTest extends ChromiumContract {

  @Override
  String startPath() {
    return "/modal.html";
  }
}
