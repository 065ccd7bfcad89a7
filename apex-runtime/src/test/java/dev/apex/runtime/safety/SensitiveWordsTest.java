package dev.apex.runtime.safety;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The default words in their forms, at word edges: a phrase and the kind it is asked about as. */
class SensitiveWordsTest {

  private static final SensitiveWords DEFAULTS = new SensitiveWords(SafetyPolicy.DEFAULT_WORDS);

  /** The kind of the earliest word in {@code text}, or {@code none}. */
  private static String kindOf(String text) {
    List<SensitiveWords.Match> found = DEFAULTS.find(text);
    return found.isEmpty() ? "none" : found.get(0).kind().code();
  }

  @ParameterizedTest(name = "\"{0}\" -> {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          Delete                        | deletion
          Deleting all photos           | deletion
          Confirm deletion              | deletion
          Deletes the album             | deletion
          Deleted items                 | deletion
          Delete all                    | deletion
          Erase everything              | deletion
          Erasing phone…                | deletion
          Secure erasure                | deletion
          Wipe data                     | deletion
          Wiping                        | deletion
          Remove account                | deletion
          Removes 3 files               | deletion
          Removing…                     | deletion
          Confirm removal               | deletion
          Remove payment method         | deletion
          Pay                           | payment
          PAY NOW                       | payment
          Pays monthly                  | payment
          Paying                        | payment
          Payment                       | payment
          Payment settings              | payment
          Payments                      | payment
          Set up auto-pay               | payment
          Buy                           | payment
          Buying options                | payment
          Purchase                      | payment
          Purchasing                    | payment
          Confirm purchase              | payment
          Checkout                      | payment
          Check out                     | payment
          check-out                     | payment
          Checking out                  | payment
          Place order                   | payment
          Place   your order            | payment
          Placing order                 | payment
          Order now                     | payment
          Subscribe                     | payment
          Subscribing…                  | payment
          Manage subscription           | payment
          Send                          | sending
          Sends a copy                  | sending
          Sending                       | sending
          Send payment                  | sending
          Resend code                   | sending
          Display                       | none
          Swipe to unlock               | none
          Swiping                       | none
          Sender: Ann                   | none
          Sent                          | none
          Paid                          | none
          Payal                         | none
          Payee                         | none
          Repay later                   | payment
          Prepaid card                  | none
          Order history                 | none
          Check for updates             | none
          Eras of history               | none
          Deleter                       | none
          Settings                      | none
          """)
  void aPhraseIsAskedAboutAsItsKind(String text, String kind) {
    assertThat(kindOf(text)).isEqualTo(kind);
  }

  @ParameterizedTest(name = "\"{0}\" -> {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          Deleting all photos       | delete
          Confirm deletion          | deletion
          Placing orders            | place order
          Remove payment method     | remove
          """)
  void aMatchNamesThePolicysWord(String text, String word) {
    assertThat(DEFAULTS.find(text).get(0).word()).isEqualTo(word);
  }
}
